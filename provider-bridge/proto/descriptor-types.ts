// The shape of the generated descriptor table (descriptor.ts).

/** One field of a message. `type` is a protobuf scalar name, "message", "enum" or "map". */
export interface FieldDescriptor {
  readonly id: number;
  readonly name: string;
  readonly type: string;
  /** Full name of the message or enum, for type "message" and "enum". */
  readonly ref?: string;
  readonly repeated?: true;
  readonly map?: { readonly key: string; readonly type: string; readonly ref?: string };
  /** Name of the oneof this field belongs to: set on the wire whenever present, even at its default. */
  readonly oneof?: string;
  /** A proto3 `optional` field: explicit presence, like a oneof member. */
  readonly optional?: true;
}

export interface MethodDescriptor {
  readonly request: string;
  readonly response: string;
  readonly serverStreaming: boolean;
}

export interface ProtoDescriptor {
  readonly messages: Readonly<Record<string, readonly FieldDescriptor[]>>;
  readonly enums: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly services: Readonly<Record<string, Readonly<Record<string, MethodDescriptor>>>>;
}
