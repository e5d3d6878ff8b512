/** Public surface of the blacklist feature (its routes load lazily from routes/). */
export {};
