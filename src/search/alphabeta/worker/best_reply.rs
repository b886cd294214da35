//! Best-reply search (BRS) for more than two players: between two moves of the root
//! player, only one opponent moves, whichever has the strongest reply; the others are
//! treated as passing. The game hands the turn around on request (`Rules::hand_turn_to`).

use crate::game::{Game, Player, Turn};

use super::{NodeResult, Worker};
use crate::search::alphabeta::node::Node;
use crate::search::settings::ManyPlayers;

impl<G: Game> Worker<'_, G> {
    /// Whether the coalition's nodes are best-reply nodes in this search.
    pub(super) fn best_reply_node(&self) -> bool {
        self.paranoid && self.many_players == ManyPlayers::BestReply
    }

    /// After an opponent's reply, gives the turn back to the root player if the rules would
    /// give it to another opponent. Returns whether it did (to be taken back by `unmake`).
    pub(super) fn hand_turn_back(&mut self) -> bool {
        match self.pos.turn() {
            Turn::Player(p) if p != self.root => self.hand_turn(self.root),
            _ => false,
        }
    }

    /// The coalition's value at a best-reply node (`node`, searched for the coalition): every opponent of the root player still
    /// in may reply, starting with the one the rules name.
    pub(super) fn best_reply(&mut self, node: Node) -> i32 {
        let (key, hash_move) = match self.enter_node(node) {
            Ok(entry) => entry,
            Err(value) => return value,
        };
        let mover = self.mover();
        let players = self.pos.players() as Player;
        let mut result = NodeResult::new(node.alpha, node.beta);
        for k in 0..players {
            let replier = (mover + k) % players;
            let handed = replier != mover;
            if replier == self.root || (handed && !self.hand_turn(replier)) {
                continue;
            }
            let (cut, improved) = self.search_moves(node, hash_move, &mut result);
            if handed {
                self.take_back();
                if improved {
                    self.frames[node.ply].pv.clear();
                }
            }
            if cut {
                break;
            }
        }
        self.store_table(key, node, &result);
        result.best
    }
}
