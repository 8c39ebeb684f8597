/**
 * What the rest of the server may use of server/http/: the one request parser, through which every
 * route reads its path parameters, query, body or form fields against the route's schema.
 */
export {
  checkBody,
  checkInput,
  type Issues,
  invalidRequest,
  parseBody,
  parseInput,
  parseParams,
  parseQuery,
  refuseAsInvalidValue,
  refuseNamingProblems,
  refuseWith,
  refuseWithFirstProblem,
  sentField,
} from './parse-request.ts';
