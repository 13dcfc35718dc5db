import type { FastifyInstance } from 'fastify';
import { registerReplyReminders } from './reminders.ts';
import { choiceRoutes } from './routes.ts';

/** D18: each university choice with its own decision and reply, and the reply reminders. */
export async function registerChoices(app: FastifyInstance): Promise<void> {
  await app.register(choiceRoutes);
  registerReplyReminders(app);
}
