export default function Screen() {
  return <main className="p-8">_index</main>;
}
