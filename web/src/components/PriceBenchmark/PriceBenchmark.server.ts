/** The line of others' prices for the server's render; the browser loads it as a chunk (the plan and product pages). */
export { default as PriceBenchmark } from './PriceBenchmark';
