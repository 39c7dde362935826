// The tests in test/ talk real HTTP to the emulator: on a busy CI machine an answer (the first
// one above all, while the emulator warms up) may take longer than Testing Library's one-second
// default wait.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
