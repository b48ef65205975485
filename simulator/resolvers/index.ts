import type { ResolverMap } from '../graphql-endpoint.js';
import { objects } from './objects.js';
import { mutation, query } from './root.js';

export const resolvers: ResolverMap = { Query: query, Mutation: mutation, ...objects };
