/** Public surface of the agents feature (its routes load lazily from routes/). */
export {};
