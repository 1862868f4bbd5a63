import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageBody } from '../../../shared/contract/common';
import {
  AssignmentBreakBody,
  AssignmentParams,
  BreakParams,
  ChangePasswordBody,
  Profile,
  ProfileAssignment,
  ProfileAssignments,
  ProfileGroups,
  ProfilePhotoBody,
  profilePaths,
  ProfileRoles,
  UpdateProfileBody,
} from '../../../shared/contract/profile';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { imageHeaders, sendStoredImage } from '../../http/stored-image';
import {
  changePassword,
  deletePhoto,
  getPhoto,
  getProfile,
  profileGroups,
  profileRoles,
  storePhoto,
  updateProfile,
} from './profile.service';
import {
  addBreak,
  changeBreak,
  deleteBreak,
  getAssignedResource,
  listAssignedResources,
} from './assignment-breaks.service';

/** spec §2 /profile (USER_PROFILE read; changes need update). */
const READ: PermissionRequirement = ['USER_PROFILE', 'read'];
const UPDATE: PermissionRequirement = ['USER_PROFILE', 'update'];
// base64 of 2 MB, with room for the JSON around it
const PHOTO_BODY_LIMIT = 3 * 1024 * 1024;

export function registerProfileRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];
  const read = { auth: true, permission: READ };
  const write = { auth: true, permission: UPDATE };
  const context = (request: Parameters<typeof serviceContext>[0]) => serviceContext(request, deps);
  const answer = { 200: Profile, ...ERROR_RESPONSES };

  app.get(profilePaths.profile, { config: read, schema: { tags, response: answer } }, async (request) =>
    getProfile(context(request)),
  );
  app.put(
    profilePaths.profile,
    { config: write, schema: { tags, body: UpdateProfileBody, response: answer } },
    async (request) => updateProfile(context(request), request.body),
  );
  app.post(
    profilePaths.changePassword,
    {
      config: { ...write, notWhileImpersonating: true },
      schema: { tags, body: ChangePasswordBody, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => changePassword(context(request), request.session!.jti, request.body),
  );
  app.get(
    profilePaths.groups,
    { config: read, schema: { tags, response: { 200: ProfileGroups, ...ERROR_RESPONSES } } },
    async (request) => profileGroups(context(request)),
  );
  app.get(
    profilePaths.roles,
    { config: read, schema: { tags, response: { 200: ProfileRoles, ...ERROR_RESPONSES } } },
    async (request) => profileRoles(context(request)),
  );
  app.put(
    profilePaths.photo,
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      config: write,
      schema: { tags, body: ProfilePhotoBody, response: answer },
    },
    async (request) => storePhoto(context(request), request.body.content_base64),
  );
  app.delete(profilePaths.photo, { config: write, schema: { tags, response: answer } }, async (request) =>
    deletePhoto(context(request)),
  );
  app.get(
    profilePaths.photo,
    { config: read, schema: { tags, response: { ...ERROR_RESPONSES } }, onSend: imageHeaders },
    // The body is bytes, not one of the declared JSON answers.
    async (request, reply) => sendStoredImage(request, reply, await getPhoto(context(request))),
  );

  const assignment = { 200: ProfileAssignment, ...ERROR_RESPONSES };
  app.get(
    profilePaths.assignedResources,
    { config: read, schema: { tags, response: { 200: ProfileAssignments, ...ERROR_RESPONSES } } },
    async (request) => listAssignedResources(context(request)),
  );
  app.get(
    profilePaths.assignedResource,
    { config: read, schema: { tags, params: AssignmentParams, response: assignment } },
    async (request) => getAssignedResource(context(request), request.params.assignmentId),
  );
  app.post(
    profilePaths.breaks,
    {
      config: write,
      schema: { tags, params: AssignmentParams, body: AssignmentBreakBody, response: assignment },
    },
    async (request) => addBreak(context(request), request.params.assignmentId, request.body),
  );
  app.put(
    profilePaths.break,
    { config: write, schema: { tags, params: BreakParams, body: AssignmentBreakBody, response: assignment } },
    async (request) =>
      changeBreak(context(request), request.params.assignmentId, request.params.breakId, request.body),
  );
  app.delete(
    profilePaths.break,
    { config: write, schema: { tags, params: BreakParams, response: assignment } },
    async (request) => deleteBreak(context(request), request.params.assignmentId, request.params.breakId),
  );
}
