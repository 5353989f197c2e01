// Deployment integrity (decision 0016): the weights of a WorkerDeployment's versions sum to
// exactly 10000 basis points. Sums of 9999, 10001 and 11000 (and a single version at 9999) are refused
// invalid_argument (400) before any mutation — nothing stored on create, nothing moved on update —
// while 5000+5000 is created and re-weighting to 1+9999 is accepted, each reporting Ready=True.

import { defineCheck } from "../check.js";
import {
  builder,
  deploymentSpec,
  expectAccepted,
  attemptUpdate,
  expectCreateRefused,
  expectReadyTrue,
  expectUpdateRefused,
  reread,
} from "../harness/aggregate/index.js";

export default defineCheck("weights summing to anything but 10000 are invalid_argument on create and update; exactly 10000 is accepted", async (ctx) => {
  const b = builder(ctx);
  const form = ctx.form("WorkerDeployment");
  const worker = await b.worker();
  const bundle = await b.bundle();
  const v1 = await b.version({ worker, bundle, handlers: ["fetch"] });
  const v2 = await b.version({ worker, bundle, handlers: ["fetch"] });

  const refusedSets: [string, [typeof v1, number][]][] = [
    [
      "5000 + 4999",
      [
        [v1, 5000],
        [v2, 4999],
      ],
    ],
    [
      "5001 + 5000",
      [
        [v1, 5001],
        [v2, 5000],
      ],
    ],
    [
      "6000 + 5000",
      [
        [v1, 6000],
        [v2, 5000],
      ],
    ],
    ["9999 alone", [[v1, 9999]]],
  ];
  for (const [label, entries] of refusedSets) {
    await expectCreateRefused(
      ctx.primary,
      form.ref,
      ctx.name("deploy"),
      ctx.space,
      deploymentSpec(ctx, worker, entries),
      "invalid_argument",
      `create of a deployment weighting ${label}`,
    );
  }
  const live = await b.deployment(worker, [
    [v1, 5000],
    [v2, 5000],
  ]);
  expectReadyTrue(live, "the deployment created with the accepted 5000 + 5000 split");
  await expectUpdateRefused(
    ctx.primary,
    live,
    deploymentSpec(ctx, worker, [
      [v1, 3000],
      [v2, 3000],
    ]),
    "invalid_argument",
    "re-weighting to 3000 + 3000",
  );
  const moved = expectAccepted(
    await attemptUpdate(
      ctx.primary,
      live,
      deploymentSpec(ctx, worker, [
        [v1, 1],
        [v2, 9999],
      ]),
    ),
    200,
    "re-weighting to 1 + 9999",
  );
  expectReadyTrue(await reread(ctx.primary, moved), "the deployment re-weighted to 1 + 9999");
  await b.cleanup();
  return `sums 9999, 10001, 11000 and a lone 9999 were refused with nothing stored; 3000+3000 was refused unchanged; 5000+5000 created and 1+9999 re-weighted (generation ${moved.generation}), each Ready=True`;
});
