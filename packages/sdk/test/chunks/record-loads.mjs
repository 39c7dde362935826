// A module hook (node --import) that writes each module file of the SDK's build the process
// loads to the file named by VITRINE_LOADS, one address a line: what a shop's page downloads.
import { register } from 'node:module';

register('./load-hooks.mjs', import.meta.url, { data: { out: process.env.VITRINE_LOADS } });
