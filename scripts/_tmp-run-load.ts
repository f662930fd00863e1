import { runLoadBench } from './bench-load';
await runLoadBench();
