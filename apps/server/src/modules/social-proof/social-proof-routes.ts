import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import { type BasePaths, mountEndpoint } from '../../http/mount-endpoint';
import type { SocialProofService } from './social-proof-service';

export function socialProofRoutes(app: FastifyInstance, bases: BasePaths, proof: SocialProofService): void {
  mountEndpoint(app, bases, endpoints.socialProof, ({ params }) => proof.get(params.examId));
}
