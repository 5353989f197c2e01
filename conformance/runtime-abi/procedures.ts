// The procedures of the contract's checks (contract.checks[].procedure), each measured over the
// probe protocol: the probe module reports what the runtime supplied, the runner decides.

import { correlate, type ContractCheck } from "./contract.js";
import { expectThat, fail, Unmeasured, type RuntimeCheckContext } from "./check.js";
import { exchange, exchangeJson, pollUntil } from "./wire.js";

const PROBE = "takoform.runtime-abi-probe@v1";
const show = (v: unknown) => JSON.stringify(v)?.slice(0, 300);

function deadline(ctx: RuntimeCheckContext, check: ContractCheck): number {
  return (check.timing?.deadlineSeconds ?? 30) * ctx.deadlineScale;
}

/** load: the loader adapter over the runtime's own module loader. */
export async function load(ctx: RuntimeCheckContext, check: ContractCheck): Promise<string> {
  if (ctx.loader === undefined) throw new Unmeasured("the host exposes no loader adapter (takoform.runtime-abi-loader@v1); the load lane is unmeasured");
  const bundle = ctx.corpus.bundle(check.bundle!);
  const spec = check.load!;
  const answer = await ctx.loader({
    mainModule: bundle.mainModule,
    declaredHandlers: spec.declaredHandlers,
    modules: bundle.modules.map((m) => ({ name: m.name, mediaType: m.mediaType, contentBase64: ctx.corpus.bytes(m.source).toString("base64") })),
  });
  if (spec.expectError !== undefined) {
    expectThat(
      answer.json?.error?.code === spec.expectError,
      `loading bundle ${bundle.name} must fail ${spec.expectError}; the loader answered ${answer.status} ${show(answer.json)}`,
    );
    return `bundle ${bundle.name} failed ${spec.expectError}`;
  }
  const exported = answer.json?.exportedHandlers;
  expectThat(Array.isArray(exported), `bundle ${bundle.name} must load; the loader answered ${answer.status} ${show(answer.json)}`);
  const want = [...spec.expectExportedHandlers!].sort();
  expectThat(
    JSON.stringify([...exported].sort()) === JSON.stringify(want),
    `bundle ${bundle.name}: the loader reported exports ${show(exported)}, the bytes export ${show(want)}`,
  );
  return `bundle ${bundle.name} loaded exporting ${want.join(", ")}`;
}

/** request: one exchange whose status and (listed) JSON members are the contract's. */
export async function request(ctx: RuntimeCheckContext, check: ContractCheck): Promise<string> {
  const { method, path } = check.request!;
  let reply: { status: number; json: any; text: string };
  try {
    reply = await exchangeJson(ctx.gateway, method, path);
  } catch (error) {
    return fail(`${method} ${path}: no complete response (${(error as Error).message})`);
  }
  expectThat(
    reply.status === check.expect!.status,
    `${method} ${path}: status ${reply.status}, expected ${check.expect!.status} (${reply.text.slice(0, 200)})`,
  );
  for (const [member, value] of Object.entries(check.expect!.json ?? {})) {
    expectThat(
      JSON.stringify(reply.json?.[member]) === JSON.stringify(value),
      `${method} ${path}: ${member} is ${show(reply.json?.[member])}, expected ${show(value)}`,
    );
  }
  return `${method} ${path} answered ${reply.status}${check.expect!.json ? " with the expected observation" : " as a complete response"}`;
}

export async function environment(ctx: RuntimeCheckContext, check: ContractCheck): Promise<string> {
  const reply = await exchangeJson(ctx.gateway, "GET", check.request!.path);
  expectThat(reply.status === 200 && reply.json?.probe === PROBE, `GET ${check.request!.path}: ${reply.status} ${reply.text.slice(0, 200)}`);
  const want = [...ctx.corpus.contract.deployment.environmentPropertyNames].sort();
  expectThat(
    JSON.stringify(reply.json.propertyNames) === JSON.stringify(want),
    `env's own enumerable properties are ${show(reply.json.propertyNames)}, the deployment declares exactly ${show(want)}`,
  );
  return `env holds exactly ${want.join(", ")}`;
}

export async function globals(ctx: RuntimeCheckContext, check: ContractCheck): Promise<string> {
  const floor = ctx.corpus.contract.globalsFloor;
  const reply = await exchangeJson(ctx.gateway, "GET", `${check.request!.path}?names=${encodeURIComponent(floor.join(","))}`);
  expectThat(reply.status === 200 && reply.json?.probe === PROBE, `GET ${check.request!.path}: ${reply.status} ${reply.text.slice(0, 200)}`);
  expectThat(Array.isArray(reply.json.missing) && reply.json.missing.length === 0, `globals missing from the isolate: ${show(reply.json.missing)}`);
  expectThat(
    JSON.stringify(reply.json.present) === JSON.stringify([...floor].sort()),
    `the probe reported ${show(reply.json.present)} present, not the whole floor`,
  );
  return `all ${floor.length} globals of the floor are present`;
}

export async function kvRoundTrip(ctx: RuntimeCheckContext, check: ContractCheck): Promise<string> {
  const key = correlate(ctx.corpus, check.payload!.nonceTemplate!, ctx.token);
  const bytes = check.payload!.bytesBase64!;
  const put = await exchangeJson(ctx.gateway, "POST", check.request!.path, { key, valueBase64: bytes });
  expectThat(put.status === 200 && put.json?.stored === true, `POST ${check.request!.path}: ${put.status} ${put.text.slice(0, 200)}`);
  const { value, met } = await pollUntil(
    () => exchangeJson(ctx.gateway, "GET", `${check.request!.path}?key=${encodeURIComponent(key)}`),
    (r) => r.json?.found === true,
    deadline(ctx, check),
    check.timing!.pollMillis!,
  );
  expectThat(met, `env.CACHE.get(${key}) found nothing within ${deadline(ctx, check)} s of the put`);
  expectThat(value.json.valueBase64 === bytes, `env.CACHE.get returned ${value.json.valueBase64}, put ${bytes}`);
  return `the bytes put under ${key} read back unchanged`;
}

export async function waitUntil(ctx: RuntimeCheckContext, check: ContractCheck): Promise<string> {
  const nonce = correlate(ctx.corpus, check.payload!.nonceTemplate!, ctx.token);
  const delayMillis = check.timing!.delayMillis!;
  const started = Date.now();
  const reply = await exchangeJson(ctx.gateway, "POST", check.request!.path, { nonce, delayMillis });
  const answeredAfter = Date.now() - started;
  expectThat(reply.status === check.expect!.status, `POST ${check.request!.path}: status ${reply.status} (${reply.text.slice(0, 200)})`);
  for (const [member, value] of Object.entries(check.expect!.json!)) {
    expectThat(
      JSON.stringify(reply.json?.[member]) === JSON.stringify(value),
      `the response is not the one the handler returned: ${member} is ${show(reply.json?.[member])}`,
    );
  }
  expectThat(
    answeredAfter < delayMillis,
    `the response took ${answeredAfter} ms: it waited for the ${delayMillis} ms deferred task instead of being sent first`,
  );
  const { value, met } = await pollUntil(
    () => exchangeJson(ctx.gateway, "GET", `${check.request!.path}?nonce=${encodeURIComponent(nonce)}`),
    (r) => r.json?.settled === true,
    deadline(ctx, check),
    check.timing!.pollMillis!,
  );
  expectThat(met, `the task registered with ctx.waitUntil after a rejecting one never settled within ${deadline(ctx, check)} s (isolate reclaimed?)`);
  expectThat(value.json.nonce === nonce && value.json.afterRejection === true, `the settled marker is not this run's: ${show(value.json)}`);
  return `response sent in ${answeredAfter} ms; the deferred task settled after the rejected one`;
}

export async function scheduledObservation(ctx: RuntimeCheckContext, check: ContractCheck): Promise<string> {
  const path = check.request!.path;
  const cleared = await exchangeJson(ctx.gateway, "DELETE", path);
  expectThat(cleared.status === 200 && cleared.json?.cleared === true, `DELETE ${path}: ${cleared.status} ${cleared.text.slice(0, 200)}`);
  const clearedAt = Date.now();
  const { value, met } = await pollUntil(
    () => exchangeJson(ctx.gateway, "GET", path),
    (r) => r.json?.observed === true,
    deadline(ctx, check),
    check.timing!.pollMillis!,
  );
  expectThat(
    met,
    `the scheduled handler was not invoked within ${deadline(ctx, check)} s of clearing the observation (cron ${ctx.corpus.contract.deployment.cron})`,
  );
  const cron = ctx.corpus.contract.deployment.cron;
  expectThat(value.json.cron === cron, `scheduled received cron ${show(value.json.cron)}, the attachment's expression is ${cron}`);
  const at = value.json.scheduledTimeMillis;
  expectThat(
    typeof at === "number" && at >= clearedAt - 60_000 && at <= Date.now() + 60_000,
    `scheduledTime ${show(at)} is not the UTC instant of this invocation`,
  );
  return `scheduled(${cron}) invoked at ${new Date(at).toISOString()}`;
}

export async function queueRoundTrip(ctx: RuntimeCheckContext, check: ContractCheck): Promise<string> {
  const nonce = correlate(ctx.corpus, check.payload!.nonceTemplate!, ctx.token);
  const payloadBase64 = check.payload!.bytesBase64!;
  const sent = await exchangeJson(ctx.gateway, "POST", check.request!.path, { nonce, payloadBase64 });
  expectThat(sent.status === 200 && sent.json?.sent === true, `POST ${check.request!.path}: ${sent.status} ${sent.text.slice(0, 200)}`);
  const { value, met } = await pollUntil(
    () => exchangeJson(ctx.gateway, "GET", `${check.request!.path}?nonce=${encodeURIComponent(nonce)}`),
    (r) => r.json?.delivered === true,
    deadline(ctx, check),
    check.timing!.pollMillis!,
  );
  expectThat(met, `the message sent through env.EVENTS was not delivered to the queue handler within ${deadline(ctx, check)} s`);
  const o = value.json;
  const queue = ctx.corpus.contract.deployment.queue;
  expectThat(o.nonce === nonce, `the delivery carries nonce ${show(o.nonce)}, not this run's`);
  expectThat(o.queue === queue, `batch.queue is ${show(o.queue)}, expected ${queue}`);
  expectThat(o.attempts === 1, `attempts is ${show(o.attempts)} on first delivery, expected 1`);
  expectThat(typeof o.messageId === "string" && o.messageId.length > 0, `message.id is ${show(o.messageId)}`);
  expectThat(o.payloadBase64 === payloadBase64, `the payload arrived as ${show(o.payloadBase64)}, sent ${payloadBase64}`);
  return `delivered to queue(${queue}) with attempts 1 and id ${o.messageId}`;
}

/** A complete 500 for an uncaught throw: the request is answered, not hung or cut. */
export async function uncaughtThrow(ctx: RuntimeCheckContext, check: ContractCheck): Promise<string> {
  const { method, path } = check.request!;
  let status: number;
  try {
    status = (await exchange(ctx.gateway, method, path, undefined, deadline(ctx, check) * 1000)).status;
  } catch (error) {
    return fail(`${method} ${path}: no complete response (${(error as Error).message})`);
  }
  expectThat(status === 500, `${method} ${path}: status ${status}, expected a host-generated 500`);
  return `${method} ${path} completed with 500`;
}
