#!/usr/bin/env node
// The published package runs its built JavaScript (dist/). In the repository, where the sources
// sit beside this file, they run through tsx (a development dependency), so a stale build is
// never what `npm start` or the tests exercise.
import { existsSync } from 'node:fs';

const sources = new URL('../src/cli.ts', import.meta.url);
if (existsSync(sources)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(sources.href);
} else {
  await import(new URL('../dist/cli.js', import.meta.url).href);
}
