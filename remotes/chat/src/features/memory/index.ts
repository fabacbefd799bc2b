// The memory feature's public surface in the chat (docs/memory.md): the note under an answer that saved a memory.
export { MemoryNote, isMemoryCall } from './components/memory-note';
