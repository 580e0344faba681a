export default function Screen() {
  return <main className="p-8">pricing</main>;
}
