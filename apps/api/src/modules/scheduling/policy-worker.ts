/**
 * A worker thread's entry: computes one learner's retention table (`computeLearnerPolicyText`)
 * and posts it back as text.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { learnerPolicyText } from './learner-policy.ts';

const { weights } = workerData as { weights: number[] };
parentPort?.postMessage(learnerPolicyText(weights));
