// Setting and clearing one port's lossy link (mlt.p4 MLTEgress.port_loss_rate) by hand, for experiments.
// The fabric file stays the source of truth: the next `mlt push` makes the table hold its policy again.
import type { P4Codec, P4RuntimeClient } from 'p4runtime-ts';
import { MLT } from '../policy/entries.js';
import { lossRateValue } from '../policy/thresholds.js';

function entry(port: number, rate?: number) {
  return {
    table: MLT.portLossRate,
    match: { [MLT.egressPort]: port },
    ...(rate === undefined
      ? {}
      : { action: { name: MLT.setLossRate, params: { rate: lossRateValue(rate) } } }),
  };
}

async function installed(client: P4RuntimeClient, codec: P4Codec, port: number): Promise<boolean> {
  const read = await client.readAll([codec.tableEntity(entry(port))]);
  return read.some((e) => e.table_entry && !e.table_entry.is_default_action);
}

/** Set the loss probability of packets leaving `port` (0..1). Returns the rate value installed. */
export async function setLoss(
  client: P4RuntimeClient,
  codec: P4Codec,
  port: number,
  probability: number,
): Promise<number> {
  const type = (await installed(client, codec, port)) ? 'MODIFY' : 'INSERT';
  await client.write([{ type, entity: codec.tableEntity(entry(port, probability)) }]);
  return lossRateValue(probability);
}

/** Remove the port's entry (the table's default, rate 0, applies again). False when there was none. */
export async function clearLoss(client: P4RuntimeClient, codec: P4Codec, port: number): Promise<boolean> {
  if (!(await installed(client, codec, port))) return false;
  await client.write([{ type: 'DELETE', entity: codec.tableEntity(entry(port)) }]);
  return true;
}
