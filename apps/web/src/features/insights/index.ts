/** Public surface of the insights feature (its routes load lazily from routes/). */
export {};
