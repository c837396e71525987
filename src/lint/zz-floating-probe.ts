async function save(): Promise<void> {}
export function run() {
  save();
  void save();
}
