import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT } from './config.js';

export const VERSION = (JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
