import { renderEnvExample } from '../config/env-example.ts';

process.stdout.write(renderEnvExample());
