export interface SeedTable {
  name: string;
  ran_at: number;
}
