// Testing Library's DOM matchers for every browser package's tests.
import '@testing-library/jest-dom';
