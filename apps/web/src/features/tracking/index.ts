/** Public surface of the tracking feature (its routes load lazily from routes/). */
export {};
