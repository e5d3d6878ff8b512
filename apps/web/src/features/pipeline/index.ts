/** Public surface of the pipeline feature (its routes load lazily from routes/). */
export {};
