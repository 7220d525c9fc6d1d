import {
  isAtLeastOrgManager,
  sessionReminderSettingsDtoSchema,
  sessionReminderSettingsSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { localizedSchema } from '../../lib/validation';
import { createSessionRemindersRepository } from './session-reminders.repository';

const tags = ['Organizations'];

/** The organisation's setting of the reminders the day before each session (organisation managers). */
export function sessionReminderRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const repository = createSessionRemindersRepository(ctx.db);

    const read = async (organizationId: string) => {
      const settings = await repository.settings(organizationId);
      if (!settings) throw new AppError('organization_not_found');
      return settings;
    };

    r.get(
      '/session-reminders/settings',
      {
        config: { allow: isAtLeastOrgManager },
        schema: { tags, response: { 200: sessionReminderSettingsDtoSchema } },
      },
      (request) => read(requireAuth(request).organizationId),
    );

    r.patch(
      '/session-reminders/settings',
      {
        config: { allow: isAtLeastOrgManager },
        schema: {
          tags,
          description:
            'Turns the reminders the day before each session on or off and sets their hour (0-23, in the organisation time zone).',
          body: localizedSchema(sessionReminderSettingsSchema),
          response: { 200: sessionReminderSettingsDtoSchema },
        },
      },
      async (request) => {
        const organizationId = requireAuth(request).organizationId;
        await repository.saveSettings(organizationId, request.body);
        return read(organizationId);
      },
    );
  };
}
