/** Public surface of the my-products feature (its routes load lazily from routes/). */
export {};
