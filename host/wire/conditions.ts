// Resource conditions with the closed portable vocabulary of the wire schema
// (Resource identity: "status.conditions uses the closed types ... with closed portable reasons").

export const CONDITION_TYPES = ["Ready", "Reconciling", "Degraded", "Drifted", "Blocked", "Deleting"] as const;
export const CONDITION_STATUSES = ["True", "False", "Unknown"] as const;
export const CONDITION_REASONS = [
  "Available",
  "Provisioning",
  "Reconciling",
  "Failed",
  "BackendUnavailable",
  "SpecDrift",
  "ExternalChange",
  "DependencyMissing",
  "DependencyInUse",
  "PolicyDenied",
  "UnsupportedCapability",
  "Deleting",
] as const;

export type ConditionType = (typeof CONDITION_TYPES)[number];
export type ConditionStatus = (typeof CONDITION_STATUSES)[number];
export type ConditionReason = (typeof CONDITION_REASONS)[number];

export interface Condition {
  type: ConditionType;
  status: ConditionStatus;
  reason: ConditionReason;
  /** Non-portable detail, 1..256 characters. */
  hostReason?: string;
  /** Up to 4096 characters. */
  message?: string;
  /** RFC 3339 date-time of the last status transition. */
  lastTransitionTime: string;
}
