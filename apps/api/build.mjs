// `npm run build -w @verba/api`: the production bundle in dist/ (bundle.mjs).
import { buildApi } from './bundle.mjs';

await buildApi();
