// What the client-library scripts share: named checks, the first failure ends the run (exit 1,
// naming it), and the passed ones are printed as JSON {checks} for the Rust test to compare.
export function checker() {
  const checks = [];
  const check = (name, ok, detail) => {
    if (!ok) {
      console.error(`${name}: ${JSON.stringify(detail)}`);
      process.exit(1);
    }
    checks.push(name);
  };
  const done = () => process.stdout.write(JSON.stringify({ checks }));
  return { check, done };
}
