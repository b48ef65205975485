import { createRoute } from '@hono/zod-openapi';
import { page } from '../../../shared/schemas.js';
import {
  trustFindingAcknowledge,
  trustFindingListQuery,
  trustFindingRecord,
} from '../../../shared/trust-findings.js';
import { acknowledgeTrustFinding, listTrustFindings } from '../../book/trust-findings/findings.js';
import { actorOf } from '../context.js';
import { recordedPerson } from '../people.js';
import {
  errorResponses,
  idParams,
  jsonBody,
  jsonResponse,
  writeErrorResponses,
} from '../openapi.js';
import { createRouter } from '../router.js';

// Trust-safety findings, under /api/admin: what may put clients' trust money at risk, and an
// admin's acknowledgement with a note. Admins only. Signals, not legal determinations.

const tags = ['trust findings'];

export const trustFindingsRouter = createRouter({ role: 'admin' })
  .openapi(
    createRoute({
      method: 'get',
      path: '/trust-findings',
      tags,
      request: { query: trustFindingListQuery },
      responses: {
        200: jsonResponse(
          page(trustFindingRecord),
          'Findings of one status (default open), newest first',
        ),
        ...errorResponses,
      },
    }),
    async (c) =>
      c.json(
        await listTrustFindings(c.get('db'), c.get('caller').orgId, c.req.valid('query')),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/trust-findings/{id}/acknowledge',
      tags,
      request: { params: idParams, body: jsonBody(trustFindingAcknowledge) },
      responses: {
        200: jsonResponse(
          trustFindingRecord,
          'Acknowledged with the note: listed as acknowledged until its cause is gone',
        ),
        ...writeErrorResponses,
      },
    }),
    async (c) => {
      const caller = c.get('caller');
      const finding = await acknowledgeTrustFinding(
        c.get('db'),
        c.get('deps').historyKey,
        caller.orgId,
        c.req.valid('param').id,
        {
          note: c.req.valid('json').note,
          by: actorOf(caller),
          person: recordedPerson(caller),
        },
      );
      return c.json(finding, 200);
    },
  );
