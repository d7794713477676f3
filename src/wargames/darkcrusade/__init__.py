"""Dark Crusade: the hex edition (:mod:`.hex`) and the 2nd edition on points (:mod:`.p2p`)."""
