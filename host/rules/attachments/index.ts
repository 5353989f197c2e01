// Attachment rules the desired schema cannot state (decisions 0020, 0024, 0026).
export * from "./cron-schedule.js";
export * from "./queue-single-consumer.js";
export * from "./dead-letter-cycle.js";
export * from "./custom-domain-hostname.js";
export * from "./hostname-claim.js";
export * from "./worker-endpoint-address.js";
export * from "./worker-endpoint-single.js";
