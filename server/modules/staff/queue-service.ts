import type { QueuePage, QueueQuery } from '../../../shared/schemas/staff.ts';
import type { Db } from '../../db/client.ts';
import { findQueuePage, type QueueContext } from './queue-repository.ts';

/** One page of the staff queue with the total and the counts per status for the chart. */
export async function listQueue(db: Db, query: QueueQuery, ctx: QueueContext): Promise<QueuePage> {
  const { rows, statusCounts, flagCounts } = await findQueuePage(db, query, ctx);
  const total = query.status
    ? statusCounts[query.status]
    : Object.values(statusCounts).reduce((sum, n) => sum + n, 0);
  return {
    items: rows.map(({ stageDueAt, ...row }) => ({
      ...row,
      late: stageDueAt !== null && stageDueAt < ctx.now,
      submittedAt: row.submittedAt.toISOString(),
      lastStatusUpdate: row.lastStatusUpdate.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
    statusCounts,
    flagCounts,
  };
}
