import fp from 'fastify-plugin';
import { definedOnly } from './lease-runner';
import { DEFAULT_JOB_RUNNER_OPTIONS, PortJobRunner, type PortJobRunnerOptions } from './port-job-runner';

export interface JobsOptions extends Partial<PortJobRunnerOptions> {
  /** Run the port jobs in this process (default true); false leaves them to other processes. */
  enabled?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's port-job runner; null when disabled. */
    portJobs: PortJobRunner | null;
  }
}

/** Starts the runner once the app is ready and stops it (handing its jobs back) before the database closes. */
export const portJobsPlugin = fp(
  async (app, options: JobsOptions) => {
    const { enabled = true, ...runnerOptions } = options;
    const runner = enabled
      ? new PortJobRunner(app.database.drizzle, app.network, { ...DEFAULT_JOB_RUNNER_OPTIONS, ...definedOnly(runnerOptions) }, app.log)
      : null;
    app.decorate('portJobs', runner);
    if (!runner) return;
    app.addHook('onReady', async () => runner.start());
    app.addHook('preClose', async () => runner.stop());
  },
  { name: 'port-jobs', dependencies: ['database', 'network'] },
);
