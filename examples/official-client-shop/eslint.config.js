// The repository's lint configuration, plus what Next.js generates here (not ours to lint).
import root from '../../eslint.config.js';

export default [{ ignores: ['.next/**', 'next-env.d.ts'] }, ...root];
