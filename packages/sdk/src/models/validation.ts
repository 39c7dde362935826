import { defineEnum, type EnumValue } from './enum.js';

/**
 * The rule a refused field broke, as the platform reports it in a validation error's
 * `fieldViolations[].violatedRule`.
 */
export const ViolationRuleType = /* @__PURE__ */ defineEnum([
  'VALIDATION',
  'OTHER',
  'MAX',
  'MIN',
  'MAX_LENGTH',
  'MIN_LENGTH',
  'MAX_SIZE',
  'MIN_SIZE',
  'FORMAT',
  'DECIMAL_LTE',
  'DECIMAL_GTE',
  'DECIMAL_LT',
  'DECIMAL_GT',
  'DECIMAL_MAX_SCALE',
  'INVALID_ENUM_VALUE',
  'REQUIRED_FIELD',
  'FIELD_NOT_ALLOWED',
  'ONE_OF_ALIGNMENT',
]);
/** One of {@link ViolationRuleType}'s values. */
export type ViolationRuleType = EnumValue<typeof ViolationRuleType>;
