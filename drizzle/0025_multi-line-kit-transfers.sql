ALTER TABLE "ckd_transfers" DROP CONSTRAINT "ckd_transfers_category_id_ckd_categories_id_fk";
--> statement-breakpoint
CREATE INDEX "ckd_movements_transfer_idx" ON "ckd_movements" USING btree ("transfer_id","category_id") WHERE "ckd_movements"."transfer_id" is not null;--> statement-breakpoint
ALTER TABLE "ckd_transfers" DROP COLUMN "category_id";