import '@testing-library/jest-dom';

// Expected failures (rejected notifications, refused payments) log warnings; keep the test output readable.
process.env.LOG_LEVEL ??= 'error';
