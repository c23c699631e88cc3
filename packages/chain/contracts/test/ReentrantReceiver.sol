// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC1155Receiver} from "@openzeppelin/contracts/token/ERC1155/IERC1155Receiver.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";

interface IAtriumItems {
    function buyItem(uint256 id, uint256 amount) external;
    function meltItem(uint256 id, uint256 amount) external;
}

/**
 * Test only: an ERC-1155 receiver that, when armed, calls back into AtriumItems (buyItem or
 * meltItem) from onERC1155Received, i.e. in the middle of the contract's own buyItem or meltItem.
 * The nested call must revert with ReentrancyGuardReentrantCall; the revert bubbles up here, so the
 * whole outer transaction reverts.
 */
contract ReentrantReceiver is IERC1155Receiver {
    enum Attack {
        None,
        Buy,
        Melt
    }

    IAtriumItems public immutable target;
    Attack public attack;
    uint256 public attackId;
    /** Nested calls that completed: stays 0 while the guard holds. */
    uint256 public reentered;

    constructor(address target_) {
        target = IAtriumItems(target_);
    }

    function buy(uint256 id, uint256 amount, Attack attack_, uint256 attackId_) external {
        attack = attack_;
        attackId = attackId_;
        target.buyItem(id, amount);
        attack = Attack.None;
    }

    function melt(uint256 id, uint256 amount, Attack attack_, uint256 attackId_) external {
        attack = attack_;
        attackId = attackId_;
        target.meltItem(id, amount);
        attack = Attack.None;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata)
        external
        returns (bytes4)
    {
        Attack current = attack;
        if (msg.sender == address(target) && current != Attack.None) {
            attack = Attack.None;
            if (current == Attack.Buy) target.buyItem(attackId, 1);
            else target.meltItem(attackId, 1);
            reentered += 1;
        }
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        pure
        returns (bytes4)
    {
        return this.onERC1155BatchReceived.selector;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC1155Receiver).interfaceId || interfaceId == type(IERC165).interfaceId;
    }
}
