import fp from 'fastify-plugin';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { definedOnly } from './lease-runner';
import { DEFAULT_MC_UPLOAD_OPTIONS, McUploadRunner, type McUploadRunnerOptions } from './mc-upload-runner';

export interface McUploadOptions extends Partial<McUploadRunnerOptions> {
  /** Run the uploads in this process (default true); false leaves them to other processes. */
  enabled?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's upload runner; null when disabled. */
    mcUploads: McUploadRunner | null;
  }
}

/** Starts the runner once the app is ready and stops it (handing its jobs back) before the database closes. */
export const mcUploadPlugin = fp(
  async (app, options: McUploadOptions & { gateway: DeviceGateway }) => {
    const { enabled = true, gateway, ...runnerOptions } = options;
    const runner = enabled ? new McUploadRunner(app.database.drizzle, gateway, { ...DEFAULT_MC_UPLOAD_OPTIONS, ...definedOnly(runnerOptions) }, app.log) : null;
    app.decorate('mcUploads', runner);
    if (!runner) return;
    app.addHook('onReady', async () => runner.start());
    app.addHook('preClose', async () => runner.stop());
  },
  { name: 'mc-uploads', dependencies: ['database'] },
);
