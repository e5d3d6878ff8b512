/** Public surface of the notifications feature (its routes load lazily from routes/). */
export {};
