export default function Screen() {
  return <main className="p-8">refund-policy</main>;
}
