// BackstopJS ships no types; this is the part of its Node API the visual test uses.
declare module 'backstopjs' {
  export default function backstop(
    command: 'test' | 'reference' | 'approve',
    options: { config: unknown },
  ): Promise<void>;
}
