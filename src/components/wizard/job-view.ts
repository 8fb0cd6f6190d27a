import type { OutboxJob, OutboxStatus } from '@/offline/db';

/** What a wizard shows of its draft's outbox job: none yet, or the job in one of its statuses. */
export type JobView = { state: 'none' } | { [S in OutboxStatus]: { state: S; job: OutboxJob } }[OutboxStatus];

/** The draft's latest job (a discarded one is gone; an earlier sent one stays visible until another is queued). */
export function latestJob(jobs: readonly OutboxJob[]): OutboxJob | null {
  return jobs.reduce<OutboxJob | null>((latest, job) => (latest === null || job.id > latest.id ? job : latest), null);
}

export function jobView(job: OutboxJob | null): JobView {
  return job ? ({ state: job.status, job } as JobView) : { state: 'none' };
}

/** The form can be changed: nothing queued yet, or the server refused it and the installer fixes it. */
export function isEditable(view: JobView): boolean {
  return view.state === 'none' || view.state === 'needs-attention';
}
