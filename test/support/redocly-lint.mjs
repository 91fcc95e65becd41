/**
 * Lints the OpenAPI document on stdin (JSON) with Redocly's recommended rules, the rules
 * `redocly lint` applies without a configuration file, and writes the problems to stdout as a
 * JSON array. Run as its own process: @redocly/openapi-core is an ES module, which Jest's
 * CommonJS module loader cannot load on Node 20.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { text } from 'node:stream/consumers';

const source = await text(process.stdin);
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
const found = problems.map(({ ruleId, severity, message, location }) => ({ ruleId, severity, message, at: location[0]?.pointer }));
process.stdout.write(JSON.stringify(found));
