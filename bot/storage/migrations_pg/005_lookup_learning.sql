-- Reserved for the lookup helper's 005_lookup_learning (issue 18 work in parallel): this
-- placeholder keeps the numbering whole on the storage branch. The real file replaces it on merge.
SELECT 1;
