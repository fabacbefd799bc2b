// Voice in and out (docs/chat-ui.md "Voice"): the composer's microphone and an answer's read aloud.
export { ReadAloudButton } from './components/read-aloud-button';
export { VoiceInput } from './components/voice-input';
