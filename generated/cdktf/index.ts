// The flat entry of the generated bindings: every construct class and type of the takoform provider.
export * from './providers/takoform/at-least-once-queue/index.js';
export * from './providers/takoform/edge-kv-namespace/index.js';
export * from './providers/takoform/module-worker/index.js';
export * from './providers/takoform/object-bucket/index.js';
export * from './providers/takoform/provider/index.js';
export * from './providers/takoform/queue-consumer/index.js';
export * from './providers/takoform/secret/index.js';
export * from './providers/takoform/sqlite-database/index.js';
export * from './providers/takoform/sqlite-migration-application/index.js';
export * from './providers/takoform/sqlite-migration-set/index.js';
export * from './providers/takoform/static-asset-bundle/index.js';
export * from './providers/takoform/worker-bundle/index.js';
export * from './providers/takoform/worker-cron-trigger/index.js';
export * from './providers/takoform/worker-custom-domain/index.js';
export * from './providers/takoform/worker-deployment/index.js';
export * from './providers/takoform/worker-endpoint/index.js';
export * from './providers/takoform/worker-version/index.js';
