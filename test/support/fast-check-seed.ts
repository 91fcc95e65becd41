/**
 * Property tests draw from one fixed seed, so `npm test` is the same run every time; FC_SEED=n
 * (or FC_SEED=random) explores other inputs, and a failure prints the seed that reproduces it.
 */
import fc from 'fast-check';

const chosen = process.env['FC_SEED'];
if (chosen !== 'random') fc.configureGlobal({ seed: chosen === undefined || chosen === '' ? 1 : Number(chosen) });
