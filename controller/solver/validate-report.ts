// `mlt solve --validate`, part 2: measured losses from the simulator's reports next to both models'
// predictions. Reads only the documented report fields (what `mlt sim --json` prints).
import { evaluate } from './index.js';
import type { QueueLayout } from './layout.js';
import type { SolveProblem, Thresholds } from './types.js';
import type { ValidationPlan } from './validate-scenario.js';

/** The fields of a scenario report this module reads (structurally a subset of the simulator's `Report`). */
export interface ReportView {
  durationUs: number;
  queues: readonly {
    switch: string;
    port: number;
    queue: number;
    packetsIn: number;
    ecnMarked: number;
    droppedUnimportant: number | null;
    droppedAtLimit: number | null;
    tailDropped: number;
  }[];
  links: readonly { from: string; to: string; bytes: number }[];
  traffic: readonly { name: string; sent: number; lost: number }[];
}

export interface Measured {
  arrivals: number;
  lost: number;
  /** lost / arrivals over all runs; null without arrivals. */
  loss: number | null;
  /** 95% interval from the spread of the per-run loss fractions (Student t); null with fewer than 2 runs. */
  ci95: [number, number] | null;
}

export interface PartResult {
  measured: Measured;
  predicted: { paper: number; exact: number; port: number };
}

export interface QueueValidation {
  queue: number;
  layers: number[];
  /** Solved thresholds, the enq_qdepth values installed, and what the model sees (see installedDepth). */
  S: number;
  L: number;
  installed: { S: number; L: number };
  effective: Thresholds;
  rho: number | null;
  /** Offered λ_i/μ: configured, and measured from the senders' bytes. */
  load: { configured: number; measured: number };
  small: PartResult;
  large: PartResult;
  /** The switch's own counts for this queue, summed over the runs. */
  switchCounts: {
    arrivals: number;
    droppedAtS: number;
    droppedAtL: number;
    tailDropped: number;
    ecnMarked: number;
  };
}

export interface ModelScore {
  /** Mean |predicted - measured| over the parts with arrivals, as a fraction. */
  meanAbsError: number;
  /** Parts whose prediction lies in the measured 95% interval, of the parts with one. */
  withinCi: number;
  parts: number;
}

/** The `port` model's accuracy goal: within 15% (relative) of a measured loss of at least 1%, within 0.2
 *  percentage points below that. */
export const GOAL_RELATIVE = 0.15;
export const GOAL_ABSOLUTE = 0.002;
export const GOAL_SPLIT = 0.01;

export interface GoalCheck {
  /** Parts with a measurement, and those the `port` prediction meets the goal on. */
  parts: number;
  met: number;
  misses: { queue: number; part: 'small' | 'large'; predicted: number; measured: number }[];
}

/** One model's optimal thresholds, run on the switch with the same seeds as the others. */
export interface ChosenRun {
  model: 'paper' | 'exact' | 'port';
  method: string;
  /** Solved thresholds per data queue, highest first. */
  thresholds: Thresholds[];
  /** The objective as that model predicts it, and as the `port` model does. */
  predicted: { own: number; port: number };
  /** Σ over queues and parts of measured loss (in %) × cost per 1%, over all runs; 95% interval from the runs. */
  measured: { cost: number; ci95: [number, number] | null };
}

export interface Validation {
  runs: number;
  packetsPerRun: number;
  seeds: number[];
  egressAt: string;
  durationUsPerRun: number;
  load: { configured: number; measured: number };
  queues: QueueValidation[];
  summary: { paper: ModelScore; exact: ModelScore; port: ModelScore };
  /** The `port` model against the goal on these thresholds. */
  portGoal: GoalCheck;
  /** The measured cost of these thresholds (the solution's). */
  measuredCost: { cost: number; ci95: [number, number] | null };
  /** With comparison on: each model's own optimum run on the switch. */
  chosen?: ChosenRun[];
  notes: string[];
}

/** Student t 0.975 quantiles for 1..30 degrees of freedom; 1.96 beyond. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

function tQuantile(df: number): number {
  return df <= T975.length ? T975[df - 1]! : 1.96;
}

/**
 * Pooled loss and its 95% interval. Drops come in bursts (a full queue drops many packets in a row), so the
 * packets of one run are not independent trials and a binomial interval would be far too narrow; independent
 * runs are, so the interval comes from their spread.
 */
export function measure(perRun: readonly { sent: number; lost: number }[]): Measured {
  const arrivals = perRun.reduce((n, r) => n + r.sent, 0);
  const lost = perRun.reduce((n, r) => n + r.lost, 0);
  if (arrivals === 0) return { arrivals, lost, loss: null, ci95: null };
  const loss = lost / arrivals;
  const fractions = perRun.filter((r) => r.sent > 0).map((r) => r.lost / r.sent);
  const k = fractions.length;
  if (k < 2) return { arrivals, lost, loss, ci95: null };
  const mean = fractions.reduce((a, b) => a + b, 0) / k;
  const variance = fractions.reduce((a, f) => a + (f - mean) ** 2, 0) / (k - 1);
  const half = tQuantile(k - 1) * Math.sqrt(variance / k);
  return { arrivals, lost, loss, ci95: [Math.max(0, loss - half), Math.min(1, loss + half)] };
}

export function analyse(
  problem: SolveProblem,
  layout: QueueLayout,
  solved: Thresholds[],
  plan: ValidationPlan,
  reports: readonly ReportView[],
  meta: { packetsPerRun: number; seeds: number[] },
): Validation {
  const predicted = {
    paper: evaluate(problem, 'paper', plan.effective, layout).queues.filter((q) => q.role === 'data'),
    exact: evaluate(problem, 'exact', plan.effective, layout).queues.filter((q) => q.role === 'data'),
    // The port model reads the installed enq_qdepth limits itself, so it gets the solved thresholds.
    port: evaluate(problem, 'port', solved, layout).queues.filter((q) => q.role === 'data'),
  };
  const notes = [...plan.notes];
  const capacityBits = plan.lineRateBps * plan.durationUs * 1e-6 * reports.length;
  const senderBits = (names: (string | null)[]): number =>
    reports.reduce(
      (sum, r) =>
        sum +
        r.links
          .filter((l) => names.includes(l.from) && l.to === plan.switchName)
          .reduce((s, l) => s + 8 * l.bytes, 0),
      0,
    );
  const perRun = (name: string | null) =>
    name === null
      ? []
      : reports.map((r) => {
          const t = r.traffic.find((x) => x.name === name);
          if (!t) throw new Error(`the report has no traffic item '${name}'`);
          return { sent: t.sent, lost: t.lost };
        });

  const queues = layout.data.map((q, i): QueueValidation => {
    const flows = plan.flows[i]!;
    const counts = { arrivals: 0, droppedAtS: 0, droppedAtL: 0, tailDropped: 0, ecnMarked: 0 };
    for (const r of reports)
      for (const x of r.queues)
        if (x.switch === plan.switchName && x.port === plan.bottleneckPort && x.queue === q.queue) {
          counts.arrivals += x.packetsIn;
          counts.droppedAtS += x.droppedUnimportant ?? 0;
          counts.droppedAtL += x.droppedAtLimit ?? 0;
          counts.tailDropped += x.tailDropped;
          counts.ecnMarked += x.ecnMarked;
        }
    const small = measure(perRun(flows.small));
    const large = measure(perRun(flows.large));
    // Every loss should happen at the bottleneck queue; anything else would make the comparison meaningless.
    const queueDrops = counts.droppedAtS + counts.droppedAtL + counts.tailDropped;
    if (queueDrops !== small.lost + large.lost)
      notes.push(
        `queue ${q.queue}: the senders lost ${small.lost + large.lost} packets but the bottleneck queue dropped ${queueDrops}`,
      );
    const slow = relaxationArrivals(q.arrival, q.service, plan.effective[i]!.L);
    const arrivalsPerRun = (small.arrivals + large.arrivals) / reports.length;
    if (arrivalsPerRun < 20 * slow)
      notes.push(
        `queue ${q.queue}: each run starts empty and gave this queue ${Math.round(arrivalsPerRun)} packets, under 20 ` +
          `times its relaxation time (about ${Math.round(slow)} of its arrivals even without strict priority), ` +
          'so its measured loss is biased low; use more --packets per run',
      );
    const p = predicted.paper[i]!;
    const e = predicted.exact[i]!;
    const o = predicted.port[i]!;
    return {
      queue: q.queue,
      layers: q.layers,
      S: solved[i]!.S,
      L: solved[i]!.L,
      installed: installedOf(plan, q.queue),
      effective: plan.effective[i]!,
      rho: Number.isFinite(q.rho) ? q.rho : null,
      load: { configured: q.arrival, measured: senderBits([flows.small, flows.large]) / capacityBits },
      small: { measured: small, predicted: { paper: p.lossSmall, exact: e.lossSmall, port: o.lossSmall } },
      large: { measured: large, predicted: { paper: p.lossLarge, exact: e.lossLarge, port: o.lossLarge } },
      switchCounts: counts,
    };
  });
  return {
    runs: reports.length,
    packetsPerRun: meta.packetsPerRun,
    seeds: meta.seeds,
    egressAt: plan.scenario.switch.egressAt,
    durationUsPerRun: plan.durationUs,
    load: { configured: problem.load, measured: senderBits(plan.senders) / capacityBits },
    queues,
    summary: { paper: score(queues, 'paper'), exact: score(queues, 'exact'), port: score(queues, 'port') },
    portGoal: goalCheck(queues),
    measuredCost: measuredCost(layout, plan, reports),
    notes,
  };
}

/**
 * The objective as measured: Σ_i 100·(loss^S_i·F^S_i + loss^L_i·F^L_i) with the pooled losses, and a 95%
 * interval from the spread of the per-run costs (Student t), as for the losses.
 */
export function measuredCost(
  layout: QueueLayout,
  plan: ValidationPlan,
  reports: readonly ReportView[],
): { cost: number; ci95: [number, number] | null } {
  const lossOf = (r: ReportView | null, name: string | null): number => {
    if (name === null) return 0;
    let sent = 0;
    let lost = 0;
    for (const x of r ? [r] : reports) {
      const t = x.traffic.find((item) => item.name === name);
      if (!t) throw new Error(`the report has no traffic item '${name}'`);
      sent += t.sent;
      lost += t.lost;
    }
    return sent > 0 ? lost / sent : 0;
  };
  const costOf = (r: ReportView | null) =>
    layout.data.reduce((sum, q, i) => {
      const f = plan.flows[i]!;
      return sum + 100 * (lossOf(r, f.small) * q.costSmall + lossOf(r, f.large) * q.costLarge);
    }, 0);
  const cost = costOf(null);
  const perRun = reports.map((r) => costOf(r));
  const k = perRun.length;
  if (k < 2) return { cost, ci95: null };
  const mean = perRun.reduce((a, b) => a + b, 0) / k;
  const variance = perRun.reduce((a, c) => a + (c - mean) ** 2, 0) / (k - 1);
  const half = tQuantile(k - 1) * Math.sqrt(variance / k);
  return { cost, ci95: [Math.max(0, cost - half), cost + half] };
}

function goalCheck(queues: readonly QueueValidation[]): GoalCheck {
  const check: GoalCheck = { parts: 0, met: 0, misses: [] };
  for (const q of queues)
    for (const part of ['small', 'large'] as const) {
      const measured = q[part].measured.loss;
      if (measured === null) continue;
      const predicted = q[part].predicted.port;
      check.parts++;
      const ok =
        measured >= GOAL_SPLIT
          ? Math.abs(predicted - measured) <= GOAL_RELATIVE * measured
          : Math.abs(predicted - measured) <= GOAL_ABSOLUTE;
      if (ok) check.met++;
      else check.misses.push({ queue: q.queue, part, predicted, measured });
    }
  return check;
}

/**
 * Arrivals during the relaxation time of an M/M/1/K queue (arrival rate λ, service rate μ, K = L): the
 * inverse spectral gap of its birth-death chain, 1 / (λ + μ - 2√(λμ)·cos(π/(K+1))). A run much shorter than
 * this still remembers that it started empty.
 */
export function relaxationArrivals(lambda: number, mu: number, K: number): number {
  if (lambda === 0 || mu === 0 || K === 0) return 0;
  return lambda / (lambda + mu - 2 * Math.sqrt(lambda * mu) * Math.cos(Math.PI / (K + 1)));
}

function installedOf(plan: ValidationPlan, queue: number): { S: number; L: number } {
  const entry = plan.scenario.tables.find(
    (t) => t.table === 'MLTEgress.queue_thresholds' && t.match['standard_metadata.priority'] === queue,
  );
  return { S: Number(entry?.params.s_threshold), L: Number(entry?.params.l_threshold) };
}

function score(queues: readonly QueueValidation[], model: 'paper' | 'exact' | 'port'): ModelScore {
  let sum = 0;
  let parts = 0;
  let within = 0;
  for (const q of queues)
    for (const part of [q.small, q.large]) {
      const m = part.measured;
      if (m.loss === null) continue;
      const predicted = part.predicted[model];
      sum += Math.abs(predicted - m.loss);
      parts++;
      if (m.ci95 && predicted >= m.ci95[0] && predicted <= m.ci95[1]) within++;
    }
  return { meanAbsError: parts > 0 ? sum / parts : 0, withinCi: within, parts };
}
